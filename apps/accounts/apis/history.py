"""The merchant's account history: what operators did to the account, money, shop or listings (product.md 2.9)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.pagination import PageInputSerializer, paginate

from .. import selectors
from ..authentication import signed_in


class OperatorActionListApi(ApiView):
    """GET merchant/operator_actions: every operator action on the signed-in merchant's account, money, shop or
    listings, newest first, paged: when, what (in the reader's language), the operator's reason, and whether a second
    operator approved it. The same actions each sent the merchant a message."""

    InputSerializer = PageInputSerializer

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        created_at = serializers.DateTimeField(help_text="When the operator did it.")
        kind = serializers.CharField(help_text="What was done, as a stable code (e.g. listing_removed).")
        title = serializers.CharField(source="rendered_title", help_text="What was done, in the reader's language.")
        reason = serializers.CharField(help_text="The operator's reason, as the operator wrote it.")
        second_operator = serializers.BooleanField(
            help_text="Whether a second operator approved it (the powers that need two operators)."
        )

    @extend_schema(parameters=[PageInputSerializer])
    def get(self, request: Request) -> Response:
        page = self.valid_query(PageInputSerializer)
        actions = selectors.operator_action_list(merchant=signed_in(request))
        serialize = lambda items: self.OutputSerializer(items, many=True).data  # noqa: E731
        return ok(paginate(actions, **page, serialize=serialize))
