"""What the storefront tells the rest of the site."""

from django.dispatch import Signal

# A shop's public pages changed (the shop, its goods, their products): sent once the change is committed, with
# `shop_id`. Whatever keeps a copy of the pages (the page caches, a reverse proxy's cache) drops it.
shop_pages_changed = Signal()
