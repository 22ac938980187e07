// Shim for SDL2 and its satellite libraries. Swift does not import C macros with
// arguments, macro aliases of functions or variadic functions, so the few we need
// are rebuilt here as static inline functions.
#ifndef STRESSPUNCH_CSDL2_SHIM_H
#define STRESSPUNCH_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_mixer.h>
#include <SDL2/SDL_ttf.h>

static inline int shim_SDL_BlitSurface(SDL_Surface *src, const SDL_Rect *srcrect, SDL_Surface *dst, SDL_Rect *dstrect) {
    return SDL_BlitSurface(src, srcrect, dst, dstrect);
}

static inline int shim_SDL_BlitScaled(SDL_Surface *src, const SDL_Rect *srcrect, SDL_Surface *dst, SDL_Rect *dstrect) {
    return SDL_BlitScaled(src, srcrect, dst, dstrect);
}

static inline int shim_SDL_WINDOWPOS_CENTERED(void) { return SDL_WINDOWPOS_CENTERED; }
static inline int shim_SDL_WINDOWPOS_CENTERED_DISPLAY(int display) { return SDL_WINDOWPOS_CENTERED_DISPLAY(display); }

static inline SDL_bool shim_SDL_MUSTLOCK(SDL_Surface *surface) { return SDL_MUSTLOCK(surface) ? SDL_TRUE : SDL_FALSE; }

static inline Uint32 shim_SDL_TOUCH_MOUSEID(void) { return SDL_TOUCH_MOUSEID; }

static inline const char *shim_IMG_GetError(void) { return SDL_GetError(); }

#endif
