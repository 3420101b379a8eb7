"""The images operators sent before support.0003 become the conversation's merchant's, who alone is served them."""

BEFORE = [("support", "0002_messages_support")]
AFTER = [("support", "0003_operator_images_belong_to_the_merchant")]


def test_operator_images_of_a_conversation_become_its_merchants(migrate_to):
    old = migrate_to(BEFORE)
    Merchant = old.get_model("accounts", "Merchant")
    Upload = old.get_model("core", "Upload")
    first, second = (
        Merchant.objects.create(phone=f"+10{n}", real_name="M", country="US", invite_code=f"X{n}") for n in (1, 2)
    )

    def image(owner=None):
        return Upload.objects.create(
            kind="support", file="private/support/x.png", width=1, height=1, is_private=True, owner=owner
        )

    def message(merchant, author, picture):
        conversation, _ = old.get_model("support", "Conversation").objects.get_or_create(merchant=merchant)
        old.get_model("support", "SupportMessage").objects.create(
            conversation=conversation, author=author, image=picture
        )
        return picture.pk

    to_first = message(first, "operator", image())
    to_second = message(second, "operator", image())
    from_second = message(second, "merchant", image(owner=second))
    unsent = image().pk  # an upload no message holds (a registration's) stays nobody's

    new = migrate_to(AFTER)
    owners = dict(new.get_model("core", "Upload").objects.values_list("pk", "owner_id"))
    assert owners == {to_first: first.pk, to_second: second.pk, from_second: second.pk, unsent: None}
