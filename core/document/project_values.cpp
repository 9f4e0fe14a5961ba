#include "core/document/project_values.hpp"
#include "core/base/text_ids.hpp"
#include "core/strokes/strokes.hpp"

#include <algorithm>

namespace terrain::project_io {
namespace {

// "--key: 0.5 is out of range; ..." (checkValue, parseValue) said of a
// place in the file: "project: 'look.water': 0.5 is out of range; ...".
[[noreturn]] void failValue(const ParamInfo& info, const std::string& path,
                            const std::string& message) {
  const std::string flag = "--" + std::string(info.key) + ": ";
  const bool flagged = message.rfind(flag, 0) == 0;
  fail(excerpt(path) + ": " + (flagged ? message.substr(flag.size()) : message));
}

}  // namespace

[[noreturn]] void fail(const std::string& what) {
  throw InputError("project: " + what);
}

Json valueToJson(const ParamInfo& info, double value) {
  switch (info.type) {
    case ParamType::Integer:
      return static_cast<std::int64_t>(value);
    case ParamType::Choice:
      return formatValue(info, value);
    case ParamType::Toggle:
      return value != 0.0;
    case ParamType::Text:
      return formatValue(info, value);
    case ParamType::Strokes:
      return Json::parse(formatValue(info, value));
    case ParamType::Real:
      break;
  }
  return value;
}

Json paramsToJson(const Stage& stage, const ParamValues& values) {
  Json out = Json::object();
  const auto infos = stage.params();
  for (std::size_t i = 0; i < infos.size(); ++i) {
    out[std::string(infos[i].key)] = valueToJson(infos[i], values[i]);
  }
  return out;
}

std::string typeName(const Json& j) {
  if (j.is_number()) return "a number";
  if (j.is_string()) return "a string";
  if (j.is_boolean()) return "true/false";
  if (j.is_object()) return "an object {...}";
  if (j.is_array()) return "an array [...]";
  return "null";
}

std::string textFromJson(const ParamInfo& info, const Json& j, const std::string& path) {
  if (!j.is_string()) {
    fail(excerpt(path) + " must be " + std::string(info.expects) + ", not " + typeName(j));
  }
  const std::string& text = j.get_ref<const std::string&>();
  if (const auto problem = checkText(info, text)) failValue(info, path, *problem);
  return text;
}

double valueFromJson(const ParamInfo& info, const Json& j, const std::string& path) {
  double value = 0.0;
  if (info.type == ParamType::Text) return textId(textFromJson(info, j, path));
  if (info.type == ParamType::Strokes) {
    if (!j.is_array()) {
      fail(excerpt(path) + " must be " + std::string(info.expects) + ", not " + typeName(j));
    }
    try {
      return info.codec->parse(j.dump());  // strokes, or a Scatter's species
    } catch (const InputError& e) {
      fail(excerpt(path) + ": " + e.what());
    }
  }
  try {
    if (info.type == ParamType::Choice) {
      if (!j.is_string()) {
        fail(excerpt(path) + " must be a name (" + allowedText(info) + "), not " + typeName(j));
      }
      return parseValue(info, j.get_ref<const std::string&>());
    }
    if (info.type == ParamType::Toggle) {
      if (j.is_boolean()) return j.get<bool>() ? 1.0 : 0.0;
      if (j.is_string()) return parseValue(info, j.get_ref<const std::string&>());
      fail(excerpt(path) + " must be true or false, not " + typeName(j));
    }
    if (!j.is_number()) fail(excerpt(path) + " must be a number, not " + typeName(j));
    value = j.get<double>();
  } catch (const InputError& e) {
    const std::string message = e.what();
    if (message.rfind("project: ", 0) == 0) throw;
    failValue(info, path, message);
  }
  if (auto err = checkValue(info, value)) failValue(info, path, *err);
  return value;
}

const Json& requireObject(const Json& j, const std::string& path) {
  if (!j.is_object()) fail(excerpt(path) + " must be an object {...}, not " + typeName(j));
  return j;
}

void checkKeys(const Json& object, const std::vector<std::string>& allowed,
               const std::string& path) {
  for (auto it = object.begin(); it != object.end(); ++it) {
    const std::string& key = it.key();
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    std::string list;
    for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
    fail("unknown key " + excerpt(path.empty() ? key : path + "." + key) + "; allowed: " + list);
  }
}

std::vector<std::string> keysOf(std::span<const ParamInfo> infos) {
  std::vector<std::string> keys;
  for (const ParamInfo& info : infos) keys.emplace_back(info.key);
  return keys;
}

void readParams(const Stage& stage, const Json& parent, const std::string& path,
                ParamValues& values) {
  const auto infos = stage.params();
  const auto found = parent.find("params");
  const Json none = Json::object();
  const std::string here = path + ".params";
  const Json& params = found == parent.end() ? none : requireObject(*found, here);
  checkKeys(params, keysOf(infos), here);
  for (std::size_t i = 0; i < infos.size(); ++i) {
    const auto it = params.find(std::string(infos[i].key));
    if (it != params.end()) {
      values[i] = valueFromJson(infos[i], *it, here + "." + std::string(infos[i].key));
    } else if (infos[i].whenAbsent) {
      values[i] = *infos[i].whenAbsent;
    }
  }
}

}  // namespace terrain::project_io
