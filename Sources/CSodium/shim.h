// Shim for libsodium: the password-hashing API (the kiosk operator PIN) and SHA-256 (an archive's pictures, known by their bytes).
#ifndef STRESSPUNCH_CSODIUM_SHIM_H
#define STRESSPUNCH_CSODIUM_SHIM_H

#include <sodium.h>

#endif
