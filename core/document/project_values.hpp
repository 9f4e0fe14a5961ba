#pragma once
// The project file's values as JSON, shared by its document part
// (core/document/project.cpp) and its graph part (core/document/project_graph.cpp): a
// parameter by its metadata (numbers, choices by name, toggles as
// true/false), sections of a ParamTable, and the reader's checks, whose
// messages name the place in the file ("project: 'look.water': ...").
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "core/base/error.hpp"
#include "core/base/param_table.hpp"
#include "core/base/quote.hpp"  // excerpt(): a key or a value in a message
#include "core/nodes/stage.hpp"

namespace terrain::project_io {

// Insertion-ordered, so a saved file reads top to bottom as the document.
using Json = nlohmann::ordered_json;

[[noreturn]] void fail(const std::string& what);  // InputError "project: what"
std::string typeName(const Json& j);              // "a number", "an object {...}", ...

Json valueToJson(const ParamInfo& info, double value);
Json paramsToJson(const Stage& stage, const ParamValues& values);

std::string textFromJson(const ParamInfo& info, const Json& j, const std::string& path);
double valueFromJson(const ParamInfo& info, const Json& j, const std::string& path);
const Json& requireObject(const Json& j, const std::string& path);
// Refuses keys the format does not know, naming them and the allowed ones.
void checkKeys(const Json& object, const std::vector<std::string>& allowed,
               const std::string& path);
std::vector<std::string> keysOf(std::span<const ParamInfo> infos);
// parent's "params" into values; missing keys keep the values already there
// (the stage's defaults).
void readParams(const Stage& stage, const Json& parent, const std::string& path,
                ParamValues& values);

// A section whose keys are all a table's parameters: {"key": value, ...}.
template <class Params>
Json groupToJson(const ParamTable<Params>& table, const Params& values) {
  Json group = Json::object();
  for (std::size_t i = 0; i < table.size(); ++i) {
    const ParamInfo& info = table.infos()[i];
    group[std::string(info.key)] =
        table.isText(i) ? Json(table.getText(values, i)) : valueToJson(info, table.get(values, i));
  }
  return group;
}

// Reads a section written by groupToJson; missing keys keep their values.
template <class Params>
void readGroup(const Json& root, const std::string& name, const ParamTable<Params>& table,
               Params& values) {
  const auto it = root.find(name);
  if (it == root.end()) return;
  const Json& group = requireObject(*it, name);
  checkKeys(group, keysOf(table.infos()), name);
  for (std::size_t i = 0; i < table.size(); ++i) {
    const ParamInfo& info = table.infos()[i];
    const std::string key(info.key);
    const auto v = group.find(key);
    if (v == group.end()) continue;
    if (table.isText(i)) {
      table.setText(values, i, textFromJson(info, *v, name + "." + key));
    } else {
      table.set(values, i, valueFromJson(info, *v, name + "." + key));
    }
  }
}

}  // namespace terrain::project_io
