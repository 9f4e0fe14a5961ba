#pragma once
// A parameter's values checked, parsed and printed, as the CLI, the panel
// and project files all say them.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/base/param_info.hpp"

namespace terrain {

// nullopt when fine, else a message naming the parameter, the value and
// what is allowed.
std::optional<std::string> checkValue(const ParamInfo& info, double value);
// Parses a typed value ("0.5", "1e3", a choice name, on/off); throws InputError.
double parseValue(const ParamInfo& info, std::string_view text);
std::string formatValue(const ParamInfo& info, double value);
// What a parameter accepts, as messages say it ("0 to 1", "fbm|ridged").
std::string allowedText(const ParamInfo& info);
// A Text parameter's value: nullopt when fine, else "--ramp: empty;
// expected a ramp name or a .png file", its length against the bound, or
// the first control character (0x00-0x1f, 0x7f), which no name or path holds.
std::optional<std::string> checkText(const ParamInfo& info, std::string_view text);
std::uint64_t parseSeed(std::string_view text);  // throws InputError
// Throws InputError "--low: 0.8 is above --high 0.2" when low > high.
void requireNotAbove(const ParamInfo& lowInfo, double low, const ParamInfo& highInfo, double high);

}  // namespace terrain
