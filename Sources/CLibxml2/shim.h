#ifndef BUNDLECHECK_CLIBXML2_SHIM_H
#define BUNDLECHECK_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and its encoding.h then pulls in the
// system ICU headers, which clash with the copy Foundation ships. We never touch
// xmlCharEncodingHandler's ICU fields, so hide them from the importer.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

// `xmlFree` is a mutable C global (a function pointer) that Swift 6 refuses to
// read from concurrent code; this inline wrapper gives Swift a plain function.
static inline void bundlecheck_xml_free(void *pointer) {
    xmlFree(pointer);
}
#endif
