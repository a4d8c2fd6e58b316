# The build's version string (generated/triad_version.h, triad::kVersion): the project
# version, plus "-<short commit>" when built from a git checkout and "-dirty" when that
# checkout had uncommitted changes. A build from a tarball without .git gets the project
# version alone. The header is rewritten at every build only when the string changed, so a
# new HEAD refreshes it without reconfiguring and recompiles only the two files that use it.
set(TRIAD_VERSION_HEADER ${PROJECT_BINARY_DIR}/generated/triad_version.h)
add_custom_target(triad_version
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DOUTPUT=${TRIAD_VERSION_HEADER}
          -DVERSION=${PROJECT_VERSION} -P ${PROJECT_SOURCE_DIR}/cmake/write_version.cmake
  BYPRODUCTS ${TRIAD_VERSION_HEADER}
  COMMENT "Checking the version string"
  VERBATIM)
