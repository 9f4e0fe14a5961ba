#pragma once
// The boundary between core and the OpenEXR module (libterrain_exr.so,
// built from exr_module.cpp): OpenEXR and the four C++ libraries under it
// (Imath, Iex, IlmThread) cost every process ~3 ms to load, so only an EXR
// export loads them (core/module_loader.hpp). Plain C: no exception or
// library type crosses it.
#include <cstddef>
#include <cstdint>

extern "C" {

// Called once with the whole file's bytes, which live until it returns.
using TerrainExrSink = void (*)(void* context, const char* bytes, std::size_t size);

// Encodes a width x height float32 map (rows top first) as a one-channel
// "Y" scanline EXR with `compression` (0 PIZ, 1 ZIP, 2 none) on `threads`
// threads. Returns 0 and calls sink, or returns 1 with OpenEXR's reason in
// `error` (cut to errorCapacity, always terminated).
using TerrainExrEncode = int (*)(const float* heights, int width, int height, int compression,
                                 int threads, TerrainExrSink sink, void* context, char* error,
                                 std::size_t errorCapacity);

// The module's one exported symbol.
inline constexpr const char* kTerrainExrEncodeSymbol = "terrain_exr_encode_v1";

}  // extern "C"
