"""A USB barcode scanner as the kernel reports it: 24-byte input_event records (struct timeval, type, code,
value) of a scanner typing digits and Enter, for `catalog scan --events` to read."""

import struct

EV_SYN, EV_KEY, KEY_ENTER = 0, 1, 28
DIGIT_KEYS = {str(digit): 1 + (digit or 10) for digit in range(10)}  # KEY_1 = 2 ... KEY_0 = 11


class Clock:
    """Event timestamps: each key down and up 4 ms apart (a scanner's pace), scans a second apart."""

    def __init__(self):
        self.micros = 1_000_000

    def advance(self, micros):
        self.micros += micros
        return divmod(self.micros, 1_000_000)


def typed(code, clock):
    """The input_event records of a scanner typing the digits of `code` and Enter."""
    records = b""
    for key in [DIGIT_KEYS[c] for c in code] + [KEY_ENTER]:
        for value in (1, 0):
            seconds, micros = clock.advance(4000)
            records += struct.pack("<qqHHi", seconds, micros, EV_KEY, key, value)
            records += struct.pack("<qqHHi", seconds, micros, EV_SYN, 0, 0)
    clock.advance(1_000_000)
    return records
