#ifndef BUNDLECHECK_CLIBARCHIVE_SHIM_H
#define BUNDLECHECK_CLIBARCHIVE_SHIM_H
#include <archive.h>
#include <archive_entry.h>
#endif
