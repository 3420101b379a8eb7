"""Alliance vocabulary (product.md section 9)."""

from decimal import Decimal

# The referral rate operators may set: a percent of the member's settled profit (T - C), 0 (off) to 50.
RATE_MIN = Decimal("0.00")
RATE_MAX = Decimal("50.00")
