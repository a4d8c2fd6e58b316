// Whether a test program is built with a sanitizer (the asan and tsan presets). Tests use it
// to skip what a sanitizer cannot run (an address-space limit: its shadow memory does not
// fit) and to run a smaller sample of a long check that the release run makes in full (CI
// runs every test in the release build first; .ci/run's header lists these reductions).
#pragma once

namespace triad::testing {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitizedBuild = true;
#else
inline constexpr bool kSanitizedBuild = false;
#endif

#if defined(__SANITIZE_THREAD__)
inline constexpr bool kThreadSanitizedBuild = true;
#else
inline constexpr bool kThreadSanitizedBuild = false;
#endif

}  // namespace triad::testing
