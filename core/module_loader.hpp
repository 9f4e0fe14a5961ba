#pragma once
// Libraries the headless program needs only for some work, opened with
// dlopen when that work first runs (issue 9, start-up: every shared library
// linked costs every process its loading, and libhwy.so a 4.6 ms static
// initialiser). The project's own modules (built by core/CMakeLists.txt)
// are looked for beside the running executable, then where the build put
// them; system libraries by their soname. Both are opened once and never
// closed; on failure they throw IoError naming every place tried.

namespace terrain {

// The address of `symbol` in the project's module `fileName` (`what` names
// it in the error: "the noise kernel").
void* projectModuleSymbol(const char* what, const char* fileName, const char* buildPath,
                          const char* symbol);

// The address of `symbol` in the system library `soname`.
void* systemLibrarySymbol(const char* what, const char* soname, const char* symbol);

}  // namespace terrain
