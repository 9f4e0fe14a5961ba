#pragma once
// The one way a parameter is bound: a table of rows, each the parameter's
// metadata (ParamInfo) and the struct member it reads and writes. Stages,
// the look, the world, the view and the export formats' options are all
// such tables, so the panel, the CLI, --help and the project file read and
// write every parameter through the same three calls: infos(), get(), set().
// Adding a parameter is a member of its struct and a row of its table.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/base/param_info.hpp"
#include "core/base/text_ids.hpp"

namespace terrain {

// A table's values, one per ParamInfo, in the table's order. Held as
// doubles so a document is a plain comparable value; every value a
// parameter allows is exact in a double.
using ParamValues = std::vector<double>;

// One row: metadata plus the struct member it reads and writes.
template <class Params>
struct ParamBinding {
  ParamInfo info;
  double (*get)(const Params&);
  void (*set)(Params&, double);
  // Text rows (a std::string member): get/set read and write its id
  // (core/base/text_ids.hpp), getText/setText the text itself.
  std::string (*getText)(const Params&) = nullptr;
  void (*setText)(Params&, const std::string&) = nullptr;
};

template <auto Member, class Params>
double getMember(const Params& p) {
  using T = std::remove_cvref_t<decltype(p.*Member)>;
  if constexpr (std::is_enum_v<T>) {
    return static_cast<double>(static_cast<int>(p.*Member));
  } else {
    return static_cast<double>(p.*Member);
  }
}
template <auto Member, class Params>
void setMember(Params& p, double v) {
  using T = std::remove_cvref_t<decltype(p.*Member)>;
  if constexpr (std::is_enum_v<T>) {
    p.*Member = static_cast<T>(static_cast<int>(v));
  } else if constexpr (std::is_same_v<T, bool>) {
    p.*Member = v != 0.0;
  } else {
    p.*Member = static_cast<T>(v);
  }
}

// TERRAIN_BIND(Params, member, info): a row for that member.
template <class Params, class T, T Params::*Member>
ParamBinding<Params> bindImpl(const ParamInfo& info) {
  if constexpr (std::is_same_v<T, std::string>) {
    return {info, [](const Params& p) { return textId(p.*Member); },
            [](Params& p, double id) {
              if (const std::string* text = findText(id)) p.*Member = *text;
            },
            [](const Params& p) { return p.*Member; },
            [](Params& p, const std::string& text) { p.*Member = text; }};
  } else {
    return {info, &getMember<Member, Params>, &setMember<Member, Params>};
  }
}
#define TERRAIN_BIND(Params, member, info) \
  ::terrain::bindImpl<Params, decltype(Params::member), &Params::member>(info)

// A table's rows and its struct's default values, without the struct: what
// code that only lists, checks and stores values needs (the CLI, the
// panel and the sidecar with an export format's options).
struct ParamSchema {
  std::span<const ParamInfo> infos;
  ParamValues defaults;
};

// A struct's parameters: read and written by index or key, packed to and
// from ParamValues.
template <class Params>
class ParamTable {
 public:
  explicit ParamTable(std::vector<ParamBinding<Params>> rows) : rows_(std::move(rows)) {
    for (const auto& r : rows_) infos_.push_back(r.info);
  }
  std::span<const ParamInfo> infos() const { return infos_; }
  std::size_t size() const { return rows_.size(); }
  std::optional<std::size_t> indexOf(std::string_view key) const {
    for (std::size_t i = 0; i < infos_.size(); ++i) {
      if (infos_[i].key == key) return i;
    }
    return std::nullopt;
  }
  double get(const Params& p, std::size_t i) const { return rows_[i].get(p); }
  void set(Params& p, std::size_t i, double value) const { rows_[i].set(p, value); }
  bool isText(std::size_t i) const { return rows_[i].getText != nullptr; }
  std::string getText(const Params& p, std::size_t i) const { return rows_[i].getText(p); }
  void setText(Params& p, std::size_t i, const std::string& text) const {
    rows_[i].setText(p, text);
  }
  ParamValues pack(const Params& p) const {
    ParamValues v;
    v.reserve(rows_.size());
    for (const auto& r : rows_) v.push_back(r.get(p));
    return v;
  }
  // The rows and default values (a default-made Params unless given);
  // infos point into this table, so it outlives the schema (tables are
  // static).
  ParamSchema schema(const Params& defaults = Params{}) const { return {infos(), pack(defaults)}; }
  Params unpack(const ParamValues& values) const {
    Params p{};
    for (std::size_t i = 0; i < rows_.size() && i < values.size(); ++i) rows_[i].set(p, values[i]);
    return p;
  }

 private:
  std::vector<ParamBinding<Params>> rows_;
  std::vector<ParamInfo> infos_;
};

}  // namespace terrain
