// Shim for libsodium: only the password-hashing API (the kiosk operator PIN).
#ifndef STRESSPUNCH_CSODIUM_SHIM_H
#define STRESSPUNCH_CSODIUM_SHIM_H

#include <sodium.h>

#endif
