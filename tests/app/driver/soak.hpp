#pragma once
// The test driver's --soak N: every frame asks for a different terrain, so a
// long run shows whether memory (ours, the driver's, the GL objects') stays
// flat. The cycle is fixed, so two runs do the same work.
#include "core/document/document.hpp"

namespace terrain::testing {

inline constexpr int kSoakWaitEvery = 2;     // frames; every second frame waits for its terrain
inline constexpr int kSoakReportEvery = 50;  // frames between 'soak frame F rss_kib R' lines

struct SoakStep {
  Document doc;  // its view.kind is the view to show
};

// Frame f's request: the sources in turn, each view in turn every
// fifth frame, sizes from 129 up to 2049 (profiles 8x longer) every
// fifteenth, a new seed every frame.
SoakStep soakStep(int frame);

// Hands memory that is free but still held back to the system, so the next
// residentKib() counts what is in use: glibc's malloc_trim, and under
// AddressSanitizer its quarantine (up to 256 MiB of freed blocks kept to
// catch use-after-free) drained and its caches released.
void settleAllocator();

// This process's resident set (VmRSS in /proc/self/status), KiB; -1 when unknown.
long residentKib();

}  // namespace terrain::testing
