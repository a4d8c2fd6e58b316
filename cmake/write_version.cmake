# Script mode (cmake -P), run by the triad_version target at every build: writes OUTPUT, a
# header defining triad::kVersion, from VERSION and the git commit of SOURCE_DIR (see
# TriadVersion.cmake). Leaves OUTPUT untouched when its content would not change.
set(version ${VERSION})
find_package(Git QUIET)
if(GIT_FOUND)
  # Only SOURCE_DIR's own repository counts, not one that happens to enclose an unpacked
  # tarball.
  execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --show-toplevel
                  WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE top RESULT_VARIABLE failed
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT failed)
    file(REAL_PATH "${top}" top)
    file(REAL_PATH "${SOURCE_DIR}" source)
  endif()
  if(NOT failed AND top STREQUAL source)
    execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --short=7 HEAD
                    WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE commit RESULT_VARIABLE failed
                    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(NOT failed AND commit)
      string(APPEND version "-${commit}")
      execute_process(COMMAND ${GIT_EXECUTABLE} --no-optional-locks status --porcelain --untracked-files=no
                      WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE changes
                      OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      if(changes)
        string(APPEND version "-dirty")
      endif()
    endif()
  endif()
endif()

set(content "// Generated at build time by cmake/write_version.cmake: the build's version string.
#pragma once
namespace triad {
inline constexpr const char* kVersion = \"${version}\";
}
")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL content)
  file(WRITE ${OUTPUT} "${content}")
endif()
