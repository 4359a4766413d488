// SwiftPM links an executable target with `--defsym main=<module>_main`, which hides libFuzzer's
// own `main`. Each harness module therefore gets its `<module>_main` here, and that hands the
// process to libFuzzer's driver with the harness's `LLVMFuzzerTestOneInput` (defined in Swift with
// `@_cdecl`). Every executable links this file whole; it defines only its own callback, which is
// the one all of these functions call.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_MAIN(module) \
    int module##_main(int argc, char **argv) { return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput); }

FUZZ_MAIN(fuzz_binary_plist)
FUZZ_MAIN(fuzz_xml_plist)
FUZZ_MAIN(fuzz_macho)
FUZZ_MAIN(fuzz_cms)
FUZZ_MAIN(fuzz_profile)
FUZZ_MAIN(fuzz_predicate)
FUZZ_MAIN(fuzz_rule_file)
FUZZ_MAIN(fuzz_zip)
FUZZ_MAIN(fuzz_package)
FUZZ_MAIN(fuzz_icns)
FUZZ_MAIN(fuzz_pbzx)
FUZZ_MAIN(fuzz_bom)
FUZZ_MAIN(fuzz_pkg)
FUZZ_MAIN(fuzz_lzfse)
FUZZ_MAIN(fuzz_car)
FUZZ_MAIN(fuzz_json)
FUZZ_MAIN(fuzz_report)
