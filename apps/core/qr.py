"""QR codes shown in the app: made here, never fetched from elsewhere."""

import base64
import io
from functools import lru_cache

import qrcode


@lru_cache(maxsize=64)
def qr_data_url(text: str) -> str:
    """A PNG QR code of `text` as a data URL (made by the app, never fetched from elsewhere)."""
    buffer = io.BytesIO()
    qrcode.make(text, box_size=8, border=2).save(buffer, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()
