#ifndef BUNDLECHECK_CLIBZIP_SHIM_H
#define BUNDLECHECK_CLIBZIP_SHIM_H
#include <zip.h>
#endif
