#ifndef CFUZZDRIVER_H
#define CFUZZDRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry for programs with a `main` of their own (compiler-rt's FuzzerDriver.cpp),
/// defined by the runtime that `-sanitize=fuzzer` links.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
