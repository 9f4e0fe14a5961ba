#include "core/module_loader.hpp"

#include <dlfcn.h>

#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "core/error.hpp"

namespace terrain {
namespace {

std::filesystem::path besideExecutable(const char* fileName) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  return self.parent_path() / fileName;
}

std::string dlopenError() {
  const char* why = dlerror();
  return why != nullptr ? why : "dlopen failed";
}

}  // namespace

void* projectModuleSymbol(const char* what, const char* fileName, const char* buildPath,
                          const char* symbol) {
  std::vector<std::filesystem::path> places;
  if (std::filesystem::path beside = besideExecutable(fileName); !beside.empty()) {
    places.push_back(beside);
  }
  if (const std::filesystem::path built(buildPath); places.empty() || places.front() != built) {
    places.push_back(built);
  }
  // (append, not operator+: GCC 12 warns falsely on a chain of string +.)
  std::string tried;
  const auto note = [&tried](const std::filesystem::path& path, const std::string& why) {
    tried.append(tried.empty() ? " " : "; ").append(path.string()).append(": ").append(why);
  };
  for (const std::filesystem::path& path : places) {
    std::error_code error;
    if (!std::filesystem::exists(path, error)) {
      note(path, "no such file");
      continue;
    }
    void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (module == nullptr) {
      note(path, dlopenError());
      continue;
    }
    if (void* address = dlsym(module, symbol); address != nullptr) return address;
    note(path, std::string("no symbol ").append(symbol));
  }
  std::string message = "cannot load ";
  message.append(what).append(" (").append(fileName);
  message.append(", installed beside the terrain-explorer executable); tried").append(tried);
  throw IoError(message);
}

void* systemLibrarySymbol(const char* what, const char* soname, const char* symbol) {
  void* library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  void* address = library != nullptr ? dlsym(library, symbol) : nullptr;
  if (address != nullptr) return address;
  std::string message = "cannot load ";
  message.append(what).append(": ").append(dlopenError());
  throw IoError(message);
}

}  // namespace terrain
