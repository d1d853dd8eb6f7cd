# Writes OUT, the C++ source of collsweep::git_revision(), from `git describe` of SOURCE_DIR. Run at every
# build (not at configure time, which would leave a stale revision in the outputs after a pull and a
# rebuild); the file is replaced only when the revision changes, so an unchanged one recompiles nothing.
set(rev "unknown")
if(GIT_EXECUTABLE)
  execute_process(COMMAND "${GIT_EXECUTABLE}" describe --always --dirty --abbrev=12
                  WORKING_DIRECTORY "${SOURCE_DIR}" OUTPUT_VARIABLE out RESULT_VARIABLE rc
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(rc EQUAL 0 AND out)
    set(rev "${out}")
  endif()
endif()
file(WRITE "${OUT}.tmp"
     "// Generated at build time by cmake/git_revision.cmake.\n"
     "#include \"sweep/git_revision.hpp\"\n\n"
     "const char* collsweep::git_revision() { return \"${rev}\"; }\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
