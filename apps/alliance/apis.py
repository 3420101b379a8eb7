"""The alliance (spec /alliance, GET index/coalition): the invitation, the rule, the totals and the members."""

from urllib.parse import urlencode

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.authentication import signed_in
from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.money import MoneySerializerField
from apps.core.pagination import PageInputSerializer, paginate
from apps.core.qr import qr_data_url
from apps.core.schema import PageSerializer

from . import selectors


class MemberSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.SerializerMethodField(help_text='The member\'s initials ("J. S."); the name itself is private.')
    orders_completed = serializers.IntegerField(help_text="The member's settled orders.")
    registered_at = serializers.DateTimeField(source="created_at")
    income = MoneySerializerField(help_text="The referral rewards this merchant earned from the member.")

    def get_name(self, member) -> str:
        return selectors.masked_name(member.real_name)


class CoalitionApi(ApiView):
    class InputSerializer(PageInputSerializer):
        pass

    class OutputSerializer(PageSerializer):
        class TotalsSerializer(serializers.Serializer):
            members = serializers.IntegerField(help_text="Merchants who registered with the invite code.")
            active_members = serializers.IntegerField(help_text="Members with at least one settled order.")
            total_rewards = MoneySerializerField(help_text="All referral rewards this merchant earned.")

        invite_code = serializers.CharField()
        invite_link = serializers.CharField(help_text="The app's registration screen with the code filled in.")
        qr = serializers.CharField(help_text="A PNG QR code of the invite link, as a data URL.")
        rate = serializers.DecimalField(
            max_digits=5, decimal_places=2, coerce_to_string=True, help_text="The referral rate in force, percent."
        )
        totals = TotalsSerializer()
        list = MemberSerializer(many=True)

    @extend_schema(parameters=[InputSerializer], responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """The merchant's invitation (code, link, QR), the referral rate in force, the totals and the members who
        registered with the code, newest first (paged)."""
        v = self.valid_query(self.InputSerializer)
        merchant = signed_in(request)
        link = request.build_absolute_uri("/register?" + urlencode({"code": merchant.invite_code}))
        page = paginate(selectors.member_list(inviter=merchant), page=v["page"], limit=v["limit"], serialize=list)
        page.update(
            invite_code=merchant.invite_code,
            invite_link=link,
            qr=qr_data_url(link),
            rate=selectors.rate_current(),
            totals=selectors.alliance_totals(inviter=merchant),
        )
        return ok(self.OutputSerializer(page).data)
