# Compiler settings shared by every Triad target: warnings, optional -march=native and
# sanitizers. Call triad_target_options(<target>) on each target we build.

set(triad_sanitizers OFF address thread)
set_property(CACHE TRIAD_SANITIZE PROPERTY STRINGS ${triad_sanitizers})
if(NOT TRIAD_SANITIZE IN_LIST triad_sanitizers)
  message(FATAL_ERROR "TRIAD_SANITIZE is '${TRIAD_SANITIZE}': expected OFF, address "
                      "(AddressSanitizer + UBSan) or thread (ThreadSanitizer)")
endif()

function(triad_target_options target)
  get_target_property(kind ${target} TYPE)
  if(kind STREQUAL "INTERFACE_LIBRARY")
    return()
  endif()
  # One warning policy for the whole tree. -Wsign-conversion is off everywhere: turned on it
  # reports ~175 distinct lines in 7 of the ~45 library sources alone (mostly square and
  # index arithmetic in the Razzle Dazzle core, the search worker and the match runner) for
  # conversions that are in range by construction, in files other work is changing; the asan
  # preset in CI (ASan + UBSan + asserts) catches the out-of-range index a wrong conversion
  # would make. Write casts where they make intent clear, not to silence this warning.
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  # The libraries are position-independent (the Python module links them); without this,
  # -fPIC would let the compiler assume any global function may be interposed at load time
  # and stop inlining them, slowing the engine.
  target_compile_options(${target} PRIVATE -fno-semantic-interposition)
  if(TRIAD_NATIVE)
    target_compile_options(${target} PRIVATE -march=native)
  endif()
  if(TRIAD_SANITIZE STREQUAL "address")
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
                                             -fno-sanitize-recover=undefined)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  elseif(TRIAD_SANITIZE STREQUAL "thread")
    target_compile_options(${target} PRIVATE -fsanitize=thread -fno-omit-frame-pointer)
    target_link_options(${target} PRIVATE -fsanitize=thread)
  endif()
endfunction()

# The games: one folder per game core in engine/games/ (sorted). The same name is the game's
# folder in adapters/ and tests/ (and tests/bench/), which add ${TRIAD_GAMES} to their
# folder lists, so a new game needs no edit to any CMake list (docs/architecture.md,
# "Adding a game").
file(GLOB triad_game_build_files RELATIVE ${PROJECT_SOURCE_DIR}/engine/games
     ${PROJECT_SOURCE_DIR}/engine/games/*/CMakeLists.txt)
set(TRIAD_GAMES "")
foreach(build_file ${triad_game_build_files})
  get_filename_component(game ${build_file} DIRECTORY)
  list(APPEND TRIAD_GAMES ${game})
endforeach()
list(SORT TRIAD_GAMES)

# triad_add_subdirectories(<folder>...): adds the listed subfolders of the current folder
# (add_subdirectory fails if one has no CMakeLists.txt) and fails if a subfolder has a
# CMakeLists.txt but is not listed, so no component is ever dropped without a word.
function(triad_add_subdirectories)
  set(listed ${ARGN})
  foreach(child ${listed})
    add_subdirectory(${child})
  endforeach()
  file(GLOB build_files RELATIVE ${CMAKE_CURRENT_SOURCE_DIR}
       ${CMAKE_CURRENT_SOURCE_DIR}/*/CMakeLists.txt)
  foreach(build_file ${build_files})
    get_filename_component(child ${build_file} DIRECTORY)
    if(NOT child IN_LIST listed)
      message(FATAL_ERROR "${CMAKE_CURRENT_SOURCE_DIR}/${child} has a CMakeLists.txt but is not "
                          "listed in triad_add_subdirectories() of ${CMAKE_CURRENT_LIST_FILE}")
    endif()
  endforeach()
endfunction()

# triad_add_test_program(<name> SOURCES ... LIBS ...): a GoogleTest program, built but not
# registered (for programs that run under a fixture: the caller registers its tests).
function(triad_add_test_program name)
  cmake_parse_arguments(T "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  # triad_core brings the include root, for the tests' own helpers (tests/...).
  target_link_libraries(${name} PRIVATE ${T_LIBS} triad_test_support triad_core GTest::gtest GTest::gmock
                                        GTest::gtest_main)
  # generated/tests/all_games.h (tests/CMakeLists.txt).
  target_include_directories(${name} PRIVATE ${PROJECT_BINARY_DIR}/generated)
  triad_target_options(${name})
  # In a Release build the test programs' own code is compiled at -O1: it is most of what the
  # build compiles (GoogleTest's macros in long test bodies, the process and MPI helpers), and
  # -O1 compiles it in 60-76 % of -O3's time (docs/performance.md, "Build"). The code under
  # test is the libraries', compiled as configured; the sanitizer presets are -O1 throughout.
  target_compile_options(${name} PRIVATE $<$<CONFIG:Release>:-O1>)
  # Each test program's files are compiled in unity batches (CMake's UNITY_BUILD, 8 files a
  # batch): GoogleTest's and the shared headers are parsed once per batch, not once per file.
  # So the helpers in a test file's anonymous namespace need names of their own within its
  # program (a clash is a compile error, never a silent mix-up).
  set_target_properties(${name} PROPERTIES UNITY_BUILD ON)
  target_compile_definitions(${name} PRIVATE
    TRIAD_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    TRIAD_BINARY_DIR="${PROJECT_BINARY_DIR}")
endfunction()

# triad_add_test(<name> SOURCES ... LIBS ... [FIXTURE <fixture>]): a GoogleTest program
# registered with CTest. Each of its tests carries the program's name as a label, so a preset
# can pick programs (`ctest -L '^search_tests$'`; the tsan preset runs only the programs it
# builds), and requires the CTest fixture <fixture> if given (ctest runs its setup first).
function(triad_add_test name)
  cmake_parse_arguments(T "" "FIXTURE" "" ${ARGN})
  triad_add_test_program(${name} ${T_UNPARSED_ARGUMENTS})
  set(properties TIMEOUT 300 LABELS ${name})
  if(T_FIXTURE)
    list(APPEND properties FIXTURES_REQUIRED ${T_FIXTURE})
  endif()
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60 PROPERTIES ${properties})
endfunction()
