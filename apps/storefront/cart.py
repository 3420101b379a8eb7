"""The cart: one per browser session (Django's session), holding per shop the goods and quantities a buyer chose.
Checkout turns one shop's list into one order. Bounded like the orders it becomes: at most ORDER_LINES_MAX goods of a
shop, each 1 to LINE_QUANTITY_MAX, and the lists of CART_SHOPS_MAX shops (the oldest dropped)."""

from django.contrib.sessions.backends.base import SessionBase

from apps.orders.constants import LINE_QUANTITY_MAX, ORDER_LINES_MAX

from .constants import CART_SHOPS_MAX

SESSION_KEY = "cart"


class CartFullError(Exception):
    """The shop's list already has ORDER_LINES_MAX goods."""


class Cart:
    def __init__(self, session: SessionBase, shop_id: int) -> None:
        self.session = session
        self.shop = str(shop_id)

    def lines(self) -> dict[int, int]:
        """Goods id to quantity, in the order they were added."""
        saved = self.session.get(SESSION_KEY, {}).get(self.shop, {})
        return {int(goods): quantity for goods, quantity in saved.items()}

    def _save(self, lines: dict[int, int]) -> None:
        shops = dict(self.session.get(SESSION_KEY, {}))
        shops.pop(self.shop, None)
        if lines:
            shops[self.shop] = {str(goods): quantity for goods, quantity in lines.items()}
        self.session[SESSION_KEY] = dict(list(shops.items())[-CART_SHOPS_MAX:])  # this shop last: kept

    def add(self, goods_id: int, quantity: int) -> None:
        lines = self.lines()
        if goods_id not in lines and len(lines) >= ORDER_LINES_MAX:
            raise CartFullError
        lines[goods_id] = min(lines.get(goods_id, 0) + quantity, LINE_QUANTITY_MAX)
        self._save(lines)

    def update(self, quantities: dict[int, int]) -> None:
        """New quantities of goods already in the cart; 0 removes one."""
        lines = self.lines()
        for goods_id, quantity in quantities.items():
            if goods_id in lines:
                lines[goods_id] = min(quantity, LINE_QUANTITY_MAX)
        self._save({goods: quantity for goods, quantity in lines.items() if quantity > 0})

    def remove(self, goods_ids: set[int]) -> None:
        self._save({goods: quantity for goods, quantity in self.lines().items() if goods not in goods_ids})

    def clear(self) -> None:
        self._save({})
