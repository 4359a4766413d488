// The entry points SwiftPM calls in place of `main` for the fuzz executables; see FuzzDriver.c.
#pragma once
