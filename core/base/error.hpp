#pragma once
#include <stdexcept>
#include <string>

namespace terrain {

// Bad input from a user (flag, typed value, file): the message names what
// was wrong and what is allowed, ready to show as is.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A file could not be read or written; the message names the file and why.
class IoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace terrain
