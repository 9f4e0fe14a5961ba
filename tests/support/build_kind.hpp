#pragma once
// The kind of build the tests run in, for the few tests whose cost or
// meaning depends on it: the sanitizers keep freed memory and run about
// ten times slower; the Debug build (asserts on) is not optimised.
// GCC defines __SANITIZE_*__; clang answers __has_feature.

#if defined(__SANITIZE_ADDRESS__)
#define TERRAIN_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TERRAIN_TEST_ASAN 1
#endif
#endif

#if defined(__SANITIZE_THREAD__)
#define TERRAIN_TEST_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TERRAIN_TEST_TSAN 1
#endif
#endif

namespace terrain::testing {

#if defined(TERRAIN_TEST_ASAN)
inline constexpr bool kAddressSanitized = true;
#else
inline constexpr bool kAddressSanitized = false;
#endif

#if defined(TERRAIN_TEST_ASAN) || defined(TERRAIN_TEST_TSAN)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

#if defined(NDEBUG)
inline constexpr bool kUnoptimised = false;
#else
inline constexpr bool kUnoptimised = true;  // our Debug preset: -O0, asserts on
#endif

}  // namespace terrain::testing
