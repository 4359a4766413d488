#ifndef BUNDLECHECK_CLIBYAML_SHIM_H
#define BUNDLECHECK_CLIBYAML_SHIM_H
#include <yaml.h>
#endif
