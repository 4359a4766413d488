#ifndef BUNDLECHECK_CLZMA_SHIM_H
#define BUNDLECHECK_CLZMA_SHIM_H
#include <lzma.h>
#endif
