#include "core/export/exr.hpp"

#include <atomic>
#include <exception>
#include <mutex>

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/export/exr_module.hpp"
#include "core/module_loader.hpp"

#ifndef TERRAIN_EXR_MODULE_FILE
#error "TERRAIN_EXR_MODULE_FILE and TERRAIN_EXR_MODULE_BUILD_PATH are set by core/CMakeLists.txt"
#endif

namespace terrain {
namespace {

// OpenEXR lives in a module loaded by the first EXR export (exr_module.hpp).
TerrainExrEncode encoder() {
  static std::atomic<TerrainExrEncode> loaded{nullptr};
  if (TerrainExrEncode e = loaded.load(std::memory_order_acquire)) return e;
  static std::mutex mutex;
  const std::lock_guard<std::mutex> lock(mutex);
  if (loaded.load(std::memory_order_relaxed) == nullptr) {
    loaded.store(reinterpret_cast<TerrainExrEncode>(
                     projectModuleSymbol("the OpenEXR writer", TERRAIN_EXR_MODULE_FILE,
                                         TERRAIN_EXR_MODULE_BUILD_PATH, kTerrainExrEncodeSymbol)),
                 std::memory_order_release);
  }
  return loaded.load(std::memory_order_relaxed);
}

struct Destination {
  const std::string& path;
  std::exception_ptr error;
};

// Writes the encoded file. It runs inside the module's call, so nothing may
// be thrown through it: an error is kept and thrown once the call is over.
void writeBytes(void* context, const char* bytes, std::size_t size) {
  auto* to = static_cast<Destination*>(context);
  try {
    writeFileAtomically(to->path, [&](AtomicFile& file) { file.write(bytes, size); });
  } catch (...) {
    to->error = std::current_exception();
  }
}

int exrCompressionCode(ExrCompression c) {
  switch (c) {
    case ExrCompression::Zip:
      return 1;
    case ExrCompression::None:
      return 2;
    case ExrCompression::Piz:
      break;
  }
  return 0;
}

}  // namespace

void writeExrHeights(const std::string& path, const Heightfield& field, ExrCompression compression,
                     const Execution& exec) {
  const TerrainExrEncode encode = encoder();
  Destination to{path, nullptr};
  char error[512] = {};
  if (encode(field.heights.data(), field.width, field.height, exrCompressionCode(compression),
             resolvedThreadCount(exec), writeBytes, &to, error, sizeof error) != 0) {
    throw IoError("cannot write '" + path + "': OpenEXR: " + error);
  }
  if (to.error) std::rethrow_exception(to.error);
}

}  // namespace terrain
