#ifndef BUNDLECHECK_CLIBCRYPTO_SHIM_H
#define BUNDLECHECK_CLIBCRYPTO_SHIM_H
// Only the message digests: a code signature's hashes are SHA-1, SHA-256 or SHA-384.
#include <openssl/evp.h>
#include <openssl/err.h>
#endif
