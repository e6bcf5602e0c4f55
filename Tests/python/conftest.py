"""What every Python test shares at start-up.

Square's Python SDK converts each object it reads through its type annotations, and asks Python for a
model's type hints again for every object and every nested field (typing_extensions.get_type_hints, which
evaluates every annotation's string each time). Listing the demo catalog asked 26,000 times and took 20 of
the SDK tests' 30 CPU-seconds. A class's annotations do not change while the tests run, so the answer for
each class is remembered here: the SDK sends and reads exactly what it did, through its own code.
"""

import functools


def remember_the_sdks_type_hints():
    try:
        import typing_extensions
        from square.core import serialization
    except ImportError:
        return  # the tests that need the SDK say it is missing

    ask = typing_extensions.get_type_hints
    remembered = functools.lru_cache(maxsize=None)(ask)

    def get_type_hints(type_, *arguments, **options):
        try:
            return remembered(type_, *arguments, **options)
        except TypeError:  # a hint object that cannot be a dictionary key: asked every time, as before
            return ask(type_, *arguments, **options)

    class TypingExtensions:
        """typing_extensions as the SDK's serialization module sees it: the same, hints remembered."""

        def __getattr__(self, name):
            return get_type_hints if name == "get_type_hints" else getattr(typing_extensions, name)

    serialization.typing_extensions = TypingExtensions()


remember_the_sdks_type_hints()
