#pragma once
// A filesystem without O_TMPFILE (vfat, some network filesystems), made
// for a test: while a WithoutTmpfile lives, open() with O_TMPFILE fails
// with EOPNOTSUPP on every thread, so AtomicFile takes its named-temporary
// path. It works at the C library's edge (tests/support/without_tmpfile.cpp
// defines open() in the test program, which the dynamic linker prefers to
// libc's), so the production code has no switch for it.
namespace terrain::testing {

class WithoutTmpfile {
 public:
  WithoutTmpfile();
  ~WithoutTmpfile();
  WithoutTmpfile(const WithoutTmpfile&) = delete;
  WithoutTmpfile& operator=(const WithoutTmpfile&) = delete;
};

}  // namespace terrain::testing
