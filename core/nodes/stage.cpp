#include "core/nodes/stage.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/base/text_ids.hpp"

namespace terrain {

namespace {

// Smaller fields are freed in well under a millisecond: no thread for them.
constexpr std::size_t kLargeFieldCells = std::size_t{1} << 22;

bool isPowerOfTwo(std::int64_t n) {
  return n > 0 && (n & (n - 1)) == 0;
}

}  // namespace

Heightfield SourceStage::generateWindow(std::uint64_t, const ParamValues&, const MapWindow&,
                                        const RunControl&) const {
  throw std::logic_error(std::string(key()) + " cannot compute a window of its world");
}

double Stage::dynamicMax(std::size_t param, const ParamValues&) const {
  return params()[param].max;
}

std::string_view Stage::idleReason(std::size_t, const ParamValues&) const {
  return {};
}

void Stage::validate(const ParamValues& values) const {
  const auto infos = params();
  if (values.size() != infos.size()) {
    throw InputError(std::string(key()) + ": " + std::to_string(values.size()) +
                     " parameter values given; it has " + std::to_string(infos.size()));
  }
  for (std::size_t i = 0; i < infos.size(); ++i) {
    if (auto err = checkValue(infos[i], values[i])) throw InputError(*err);
  }
}

std::optional<std::size_t> Stage::indexOf(std::string_view paramKey) const {
  const auto infos = params();
  for (std::size_t i = 0; i < infos.size(); ++i) {
    if (infos[i].key == paramKey) return i;
  }
  return std::nullopt;
}

// ---- SourceStage ----

int SourceStage::levels(const ParamValues&) const {
  return 0;
}

std::size_t SourceStage::sizeIndex() const {
  return *indexOf("size");
}

int SourceStage::size(const ParamValues& values) const {
  return static_cast<int>(values[sizeIndex()]);
}

void SourceStage::validate(const ParamValues& values) const {
  Stage::validate(values);
  const int n = size(values);
  if (!sizeAllowed(n)) {
    throw InputError("--size: " + std::to_string(n) + " is not allowed for " + std::string(key()) +
                     "; allowed: " + sizeRuleText());
  }
}

bool SourceStage::sizeAllowed(int n) const {
  return n >= minSize() && n <= maxSize() && sizeOnGrid(n);
}

bool SourceStage::sizeOnGrid(std::int64_t n) const {
  switch (sizeRule()) {
    case SizeRule::Any:
      return true;
    case SizeRule::PowerOfTwo:
      return isPowerOfTwo(n);
    case SizeRule::PowerOfTwoPlusOne:
      return isPowerOfTwo(n - 1);
  }
  return false;
}

int SourceStage::snapSize(int n) const {
  n = std::clamp(n, minSize(), maxSize());
  if (sizeRule() == SizeRule::Any) return n;
  const int offset = sizeRule() == SizeRule::PowerOfTwoPlusOne ? 1 : 0;
  int best = minSize();
  for (std::int64_t p = 1; p + offset <= maxSize(); p *= 2) {
    const auto candidate = static_cast<int>(p + offset);
    if (candidate < minSize()) continue;
    if (std::abs(candidate - n) <= std::abs(best - n)) best = candidate;
  }
  return best;
}

std::vector<int> SourceStage::suggestedSizes() const {
  std::vector<int> out;
  const int offset = sizeRule() == SizeRule::PowerOfTwoPlusOne ? 1 : 0;
  for (std::int64_t p = 16; p + offset <= std::min(maxSize(), 16385); p *= 2) {
    out.push_back(static_cast<int>(p + offset));
  }
  return out;
}

std::string SourceStage::sizeRuleText() const {
  const std::string range =
      "between " + std::to_string(minSize()) + " and " + std::to_string(maxSize());
  switch (sizeRule()) {
    case SizeRule::Any:
      return "a whole number " + range;
    case SizeRule::PowerOfTwo:
      return "a power of two " + range + " (e.g. 128, 256, 1024)";
    case SizeRule::PowerOfTwoPlusOne:
      return "2^k+1 " + range + " (e.g. 257, 513, 1025)";
  }
  return range;
}

void abandonRun(Heightfield&& unfinished) {
  abandonRun(std::move(unfinished), {});
}

void abandonRun(Heightfield&& unfinished, std::vector<std::vector<float>>&& scratch) {
  const std::size_t cells = unfinished.heights.size();
  scratch.push_back(std::move(unfinished.heights));
  if (cells >= kLargeFieldCells) {
    std::thread([dropped = std::move(scratch)] {}).detach();
  }
  throw Cancelled{};
}

}  // namespace terrain
