#!/usr/bin/env python3
"""Makes the hostile picture corpus the reliability tests feed to every way in (the
CLI, a drop, the picker): python3 make-corpus.py OUTPUT_FOLDER.

Every file is made here from a few valid pictures (drawn by ImageMagick's convert)
and byte-level edits, so each one is explained by the code that made it:

  refuse-*  must be refused, fast, with a one-line reason, leaving nothing behind
  valid-*   odd but valid: accepted, or refused with a reason (never a crash)
  accept-*  odd but valid, and opened by the reference decoders (Pillow, ImageMagick):
            must be accepted; "-orientation-6" ones stored turned a quarter clockwise

Deterministic: the same files every run (a fixed seed for the bit flips).
"""
import os
import random
import struct
import subprocess
import sys
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, depth, colour, raw_rows, extra=b""):
    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra + chunk(b"IDAT", zlib.compress(raw_rows, 9)) + chunk(b"IEND", b"")


def convert(out, *arguments):
    subprocess.run(["convert", *arguments, out], check=True)
    with open(out, "rb") as handle:
        return handle.read()


def markers(data, second):
    return [i for i in range(len(data) - 1) if data[i] == 0xFF and data[i + 1] == second]


def main(folder):
    os.makedirs(folder, exist_ok=True)
    scratch = os.path.join(folder, ".scratch")
    os.makedirs(scratch, exist_ok=True)

    def write(name, data):
        with open(os.path.join(folder, name), "wb") as handle:
            handle.write(data)

    # Valid sources of every format.
    sources = {
        "png": convert(os.path.join(scratch, "s.png"), "-size", "64x48", "gradient:red-blue"),
        "jpg": convert(os.path.join(scratch, "s.jpg"), "-size", "64x48", "gradient:red-blue"),
        "gif": convert(os.path.join(scratch, "s.gif"), "-size", "64x48", "gradient:red-blue"),
        "bmp": convert(os.path.join(scratch, "s.bmp"), "-size", "64x48", "gradient:red-blue"),
        "webp": convert(os.path.join(scratch, "s.webp"), "-size", "64x48", "gradient:red-blue"),
    }

    # Bombs by claimed size: headers promising gigapixels with next to no data.
    write("refuse-claim-20000x20000.png", png(20000, 20000, 8, 6, b"\x00" * 16))
    write("refuse-claim-4294967295.png", png(0xFFFFFFFF, 0xFFFFFFFF, 8, 6, b"\x00" * 16))
    jpeg = bytearray(sources["jpg"])
    frame = markers(jpeg, 0xC0)[0]
    jpeg[frame + 5:frame + 9] = struct.pack(">HH", 10000, 10000)
    scan = markers(jpeg, 0xDA)[0]
    length = struct.unpack(">H", jpeg[scan + 2:scan + 4])[0]
    write("refuse-jpeg-claims-10000x10000-no-data.jpg", bytes(jpeg[:scan + 2 + length]) + b"\xff\xd9")
    bmp = bytearray(sources["bmp"])
    bmp[18:26] = struct.pack("<ii", 30000, 30000)
    bmp[30:34] = struct.pack("<I", 1)  # RLE8: 1 KB claiming 900 megapixels
    write("refuse-bmp-rle-claims-30000x30000.bmp", bytes(bmp[:1024]))
    gif = bytearray(sources["gif"])
    gif[6:10] = struct.pack("<HH", 65535, 65535)
    write("refuse-gif-claims-65535x65535.gif", bytes(gif))

    # Bombs by compression: a tiny file inflating to hundreds of megabytes.
    write("refuse-deflate-bomb-16000x16000.png", png(16000, 16000, 8, 0, b"\x00" * (16001 * 16000)))

    # Scan bomb: a progressive JPEG whose last scan repeats hundreds of times.
    progressive = convert(os.path.join(scratch, "p.jpg"), "-size", "64x64", "gradient:blue-yellow", "-interlace", "JPEG")
    last, end = markers(progressive, 0xDA)[-1], markers(progressive, 0xD9)[-1]
    write("refuse-jpeg-scan-bomb.jpg", progressive[:end] + progressive[last:end] * 400 + b"\xff\xd9")

    # Truncated and bit-flipped files of every format; wrong extensions.
    flips = random.Random(20261201)
    for kind, data in sources.items():
        write(f"refuse-truncated-half.{kind}", data[:len(data) // 2])
        flipped = bytearray(data)
        for _ in range(12):
            position = flips.randrange(16, len(flipped))
            flipped[position] ^= 1 << flips.randrange(8)
        write(f"valid-bitflipped.{kind}", bytes(flipped))  # may decode, or be refused with a reason
    write("refuse-text-named.png", b"these are notes, not a picture\n" * 10)
    write("refuse-empty.jpg", b"")
    write("refuse-html-named.gif", b"<!doctype html><title>gif</title>")
    write("valid-png-named.jpg", sources["png"])

    # Huge text chunk: 48 MB of tEXt before a 1x1 picture (under the 64 MB cap).
    write("valid-huge-text-chunk.png", png(1, 1, 8, 6, b"\x00\xff\x00\x00\xff", chunk(b"tEXt", b"Comment\x00" + b"x" * (48 << 20))))

    # Odd but valid pictures.
    convert(os.path.join(folder, "valid-16-bit.png"), "-size", "40x30", "gradient:red-blue", "-depth", "16")
    convert(os.path.join(folder, "valid-gray-alpha.png"), "-size", "40x30", "gradient:white-black", "-colorspace", "Gray",
            "-alpha", "set", "-channel", "A", "-evaluate", "set", "60%", "-define", "png:color-type=4")
    convert(os.path.join(folder, "valid-cmyk.jpg"), "-size", "40x30", "xc:red", "-colorspace", "CMYK")
    convert(os.path.join(folder, "valid-1x1.png"), "-size", "1x1", "xc:orange")
    write("valid-1x20000.png", png(1, 20000, 8, 6, b"".join(b"\x00" + bytes((y % 256, 0, 255 - y % 256, 255)) for y in range(20000))))
    convert(os.path.join(folder, "valid-animated.gif"), "-delay", "10", "-size", "20x20", "xc:red", "xc:green", "xc:blue")

    # Odd but valid pictures the reference decoders open (each kind once refused or drawn wrong).
    jpeg = sources["jpg"]
    app0_end = 4 + struct.unpack(">H", jpeg[4:6])[0]
    write("accept-jpeg-junk-before-marker.jpg", jpeg[:app0_end] + b"junk\x00\x01" + jpeg[app0_end:])
    tiff = b"MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x01\x00\x00\x00\x00\x00\x00"
    exif = b"Exif\x00\x00" + tiff + b"more EXIF than its length says"
    app1 = b"\xff\xe1" + struct.pack(">H", 2 + 6 + len(tiff)) + exif
    write("accept-jpeg-exif-longer-than-its-length.jpg", jpeg[:2] + app1 + jpeg[2:])

    def bmp(bits, compression, header_size, masks, pixels, width, height):
        row = (width * bits // 8 + 3) // 4 * 4
        data = b"".join(b"".join(struct.pack("<I" if bits == 32 else "<H", value) for value in pixels[y * width:(y + 1) * width])
                        .ljust(row, b"\x00") for y in reversed(range(height)))
        info = struct.pack("<IiiHHIIiiII", header_size, width, height, 1, bits, compression, len(data), 2835, 2835, 0, 0)
        after = b""
        if header_size > 40:
            info = (info + b"".join(struct.pack("<I", mask) for mask in masks)[:header_size - 40]).ljust(header_size, b"\x00")
        else:
            after = b"".join(struct.pack("<I", mask) for mask in masks)
        offset = 14 + len(info) + len(after)
        return b"BM" + struct.pack("<IHHI", offset + len(data), 0, 0, offset) + info + after + data

    def packed(rgba, masks):
        value = 0
        for channel, mask in zip(rgba, masks):
            if mask:
                shift = (mask & -mask).bit_length() - 1
                value |= (channel * (mask >> shift) + 127) // 255 << shift
        return value

    colours = [(230, 20, 20, 255) if x < 20 else (20, 20, 230, 255) for _ in range(20) for x in range(40)]
    # Masks Pillow reads and SDL2_image has no pixel format for (red in the top byte,
    # alpha or nothing between it and green), in V2, V3 and V4 headers.
    for header_size in (52, 56, 108):
        for masks in ([0xFF000000, 0xFF00, 0xFF, 0], [0xFF000000, 0xFF00, 0xFF, 0xFF0000]):
            kind = "bgar" if masks[3] else "bgxr"
            write(f"accept-bmp-32-bit-{kind}-masks-{header_size}-byte-header.bmp",
                  bmp(32, 3, header_size, masks, [packed(c, masks) for c in colours], 40, 20))
    convert(os.path.join(folder, "accept-webp-animated.webp"), "-delay", "10", "-size", "40x30", "xc:red", "xc:blue")
    animated = convert(os.path.join(scratch, "a.gif"), "-delay", "10", "-size", "40x30", "xc:red", "xc:blue")
    write("accept-gif-second-frame-cut-short.gif", animated[:-6])
    halves = png(40, 20, 8, 6, b"".join(b"\x00" + b"".join(bytes(c) for c in colours[y * 40:(y + 1) * 40]) for y in range(20)))
    xmp = b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description tiff:Orientation="6"/></rdf:RDF></x:xmpmeta>'
    write("accept-png-xmp-orientation-6.png", halves[:33] + chunk(b"iTXt", b"XML:com.adobe.xmp\x00\x00\x00\x00\x00" + xmp) + halves[33:])
    profile_hex = (b"Exif\x00\x00" + tiff[:19] + b"\x06" + tiff[20:]).hex()
    profile = "\nexif\n%8d\n" % (len(profile_hex) // 2) + "".join(profile_hex[i:i + 72] + "\n" for i in range(0, len(profile_hex), 72))
    write("accept-png-raw-profile-orientation-6.png",
          halves[:33] + chunk(b"zTXt", b"Raw profile type exif\x00\x00" + zlib.compress(profile.encode())) + halves[33:])

    for name in os.listdir(scratch):
        os.remove(os.path.join(scratch, name))
    os.rmdir(scratch)
    # Non-regular files: a FIFO and a folder, both named like pictures.
    fifo = os.path.join(folder, "refuse-fifo.png")
    if not os.path.exists(fifo):
        os.mkfifo(fifo)
    os.makedirs(os.path.join(folder, "refuse-folder.png"), exist_ok=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "hostile-corpus")
