"""The API's JSON renderer: what DRF's JSONRenderer writes, written by orjson.

DRF's renderer encodes with the standard library's json and a Python `default` for what JSON lacks; a page of 20
cards spent a twentieth of its CPU there (docs/performance.md). orjson writes the same compact UTF-8 JSON in C. What
orjson would write differently goes through DRF's own encoder: dates and times (DRF cuts microseconds to
milliseconds and writes UTC as "Z"), decimals, lazy translations, sets. An answer orjson cannot write (an integer
beyond 64 bits) and an indented answer (asked for in the Accept header, where a view negotiates it: the merchant
API does not, apps.core.apiview.EnvelopeNegotiation) are written by DRF's renderer itself.
"""

from typing import Any

import orjson
from rest_framework.renderers import JSONRenderer
from rest_framework.utils.encoders import JSONEncoder

_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_NON_STR_KEYS
_drf_default = JSONEncoder().default  # what DRF's encoder writes for a value JSON lacks


class ApiJSONRenderer(JSONRenderer):
    def render(self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None) -> bytes:
        if data is None or self.get_indent(accepted_media_type or "", renderer_context or {}) is not None:
            return super().render(data, accepted_media_type, renderer_context)
        try:
            written = orjson.dumps(data, default=_drf_default, option=_OPTIONS)
        except orjson.JSONEncodeError:
            return super().render(data, accepted_media_type, renderer_context)
        # As DRF does: the two line separators JSON allows and JavaScript strings did not, escaped.
        return written.replace(b"\xe2\x80\xa8", b"\\u2028").replace(b"\xe2\x80\xa9", b"\\u2029")
