#ifndef BUNDLECHECK_CZLIB_SHIM_H
#define BUNDLECHECK_CZLIB_SHIM_H
#include <zlib.h>
#endif
