#include "app/cli/export_args.hpp"

#include <charconv>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/export/outputs.hpp"

namespace terrain::cli {

const Token* findToken(const std::vector<Token>& tokens, std::string_view name) {
  const Token* found = nullptr;
  for (const Token& t : tokens) {
    if (t.name == name) found = &t;  // the last one wins, as for every flag
  }
  return found;
}

int parseInt(const Token& t, int min, int max) {
  int value = 0;
  const char* first = t.value.data();
  const char* last = first + t.value.size();
  const auto [ptr, ec] = std::from_chars(first, last, value);
  const std::string range = std::to_string(min) + " to " + std::to_string(max);
  if (t.value.empty() || ec == std::errc::invalid_argument || ptr != last) {
    throw InputError("--" + t.name + ": " + excerpt(t.value) +
                     " is not a whole number; allowed: " + range);
  }
  if (ec == std::errc::result_out_of_range || value < min || value > max) {
    throw InputError("--" + t.name + ": " + bareExcerpt(t.value) +
                     " is out of range; allowed: " + range);
  }
  return value;
}

std::string nonEmpty(const Token& t, std::string_view what) {
  if (t.value.empty()) throw InputError("--" + t.name + ": empty; expected " + std::string(what));
  return t.value;
}

std::string outputFlagList() {
  std::string out;
  for (const OutputFormat& f : outputFormats()) {
    if (f.needs == OutputNeeds::Window) continue;
    if (!out.empty()) out += ", ";
    out += "--" + std::string(f.key) + " " + std::string(f.metavar);
  }
  return out;
}

}  // namespace terrain::cli

namespace terrain::cli {

std::vector<NamedFile> outputFiles(std::span<const OutputRequest> outputs) {
  std::vector<NamedFile> files;
  for (const OutputRequest& out : outputs) {
    const std::string flag = "--" + std::string(out.format->key);
    files.emplace_back(flag, out.path);
    for (const std::string& beside : out.format->companionsOf(out.path, outputs)) {
      files.emplace_back(flag + "'s material library (.mtl)", beside);
    }
  }
  return files;
}

void refuseClashes(const std::vector<NamedFile>& files, const std::vector<DocumentInput>& inputs) {
  for (std::size_t i = 0; i < files.size(); ++i) {
    const NamedFile& a = files[i];
    refuseOverwritingAnInput(a.what, a.path, inputs);
    if (a.id.isCharacterDevice) continue;  // writing twice to /dev/null loses nothing
    for (std::size_t j = 0; j < i; ++j) {
      if (a.id.sameFileAs(files[j].id)) {
        throw InputError(a.what + ": " + excerpt(a.path) + " is also the " + files[j].what +
                         " output (" + excerpt(files[j].path) + "); give each output its own file");
      }
    }
  }
}

}  // namespace terrain::cli
