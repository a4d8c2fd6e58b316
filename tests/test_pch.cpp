// The translation unit that builds GoogleTest's precompiled header (tests/CMakeLists.txt);
// the program itself only runs gtest_main with no tests.
