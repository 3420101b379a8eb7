# ruff: noqa: RUF001  (full-width Chinese punctuation is intended)
"""Generated catalogue texts in the seven languages (translation field suffixes of modeltranslation).

Titles are "<adjective> <noun> <model>" in each language's own word order; the lists are aligned by index, so
one product gets the same meaning in every language. Search keywords are drawn from the same words.
"""

LANGS = ("en", "zh_hans", "zh_hant", "ru", "ko", "ja", "th")
# The app's `lang` header values (apps/core/i18n.py), in the order of LANGS.
APP_LANGS = ("en", "zh-CN", "zh-Hant", "ru-RU", "han", "ri", "tai")

ADJECTIVES = {
    "en": ["Wireless", "Portable", "Classic", "Smart", "Compact", "Premium", "Waterproof", "Ergonomic"],
    "zh_hans": ["无线", "便携", "经典", "智能", "小巧", "高级", "防水", "人体工学"],
    "zh_hant": ["無線", "便攜", "經典", "智慧", "小巧", "高級", "防水", "人體工學"],
    # Feminine: they agree with «модель» in the title pattern below.
    "ru": [
        "беспроводная",
        "портативная",
        "классическая",
        "умная",
        "компактная",
        "премиальная",
        "водонепроницаемая",
        "эргономичная",
    ],
    "ko": ["무선", "휴대용", "클래식", "스마트", "소형", "프리미엄", "방수", "인체공학"],
    "ja": ["ワイヤレス", "ポータブル", "クラシック", "スマート", "コンパクト", "プレミアム", "防水", "エルゴノミック"],
    "th": ["ไร้สาย", "แบบพกพา", "คลาสสิก", "อัจฉริยะ", "ขนาดกะทัดรัด", "พรีเมียม", "กันน้ำ", "ตามหลักสรีรศาสตร์"],
}
NOUNS = {
    "en": ["Headphones", "Backpack", "Watch", "Desk Lamp", "Speaker", "Kettle", "Jacket", "Keyboard"],
    "zh_hans": ["耳机", "背包", "手表", "台灯", "音箱", "水壶", "夹克", "键盘"],
    "zh_hant": ["耳機", "背包", "手錶", "檯燈", "音箱", "水壺", "夾克", "鍵盤"],
    "ru": ["Наушники", "Рюкзак", "Часы", "Настольная лампа", "Колонка", "Чайник", "Куртка", "Клавиатура"],
    "ko": ["헤드폰", "백팩", "시계", "스탠드", "스피커", "주전자", "재킷", "키보드"],
    "ja": ["ヘッドホン", "リュック", "腕時計", "デスクライト", "スピーカー", "ケトル", "ジャケット", "キーボード"],
    "th": ["หูฟัง", "กระเป๋าเป้", "นาฬิกา", "โคมไฟตั้งโต๊ะ", "ลำโพง", "กาต้มน้ำ", "แจ็คเก็ต", "คีย์บอร์ด"],
}
TITLE = {
    "en": "{adj} {noun} {model}",
    "zh_hans": "{adj}{noun} {model}",
    "zh_hant": "{adj}{noun} {model}",
    "ru": "{noun}, {adj} модель {model}",
    "ko": "{adj} {noun} {model}",
    "ja": "{adj}{noun} {model}",
    "th": "{noun}{adj} รุ่น {model}",
}
DESCRIPTION = {
    "en": "{title}. A generated product of the performance benchmark: sturdy, tested and ready to ship.",
    "zh_hans": "{title}。性能基准测试生成的商品：结实耐用，已检测，可随时发货。",
    "zh_hant": "{title}。效能基準測試產生的商品：堅固耐用，已檢測，可隨時出貨。",
    "ru": "{title}. Товар, созданный для нагрузочного теста: прочный, проверенный и готовый к отправке.",
    "ko": "{title}. 성능 벤치마크용으로 생성된 상품입니다. 튼튼하고 검수를 마쳤으며 바로 발송할 수 있습니다.",
    "ja": "{title}。性能ベンチマーク用に生成された商品です。丈夫で検品済み、すぐに発送できます。",
    "th": "{title} สินค้าที่สร้างขึ้นสำหรับการทดสอบประสิทธิภาพ แข็งแรง ผ่านการตรวจสอบ และพร้อมจัดส่ง",
}
CATEGORY = {
    "en": "Category {n}",
    "zh_hans": "类别 {n}",
    "zh_hant": "類別 {n}",
    "ru": "Категория {n}",
    "ko": "카테고리 {n}",
    "ja": "カテゴリー {n}",
    "th": "หมวดหมู่ {n}",
}
LEVELS = {
    "en": ["Bronze", "Silver", "Gold", "Diamond"],
    "zh_hans": ["青铜", "白银", "黄金", "钻石"],
    "zh_hant": ["青銅", "白銀", "黃金", "鑽石"],
    "ru": ["Бронзовый", "Серебряный", "Золотой", "Бриллиантовый"],
    "ko": ["브론즈", "실버", "골드", "다이아몬드"],
    "ja": ["ブロンズ", "シルバー", "ゴールド", "ダイヤモンド"],
    "th": ["บรอนซ์", "ซิลเวอร์", "โกลด์", "ไดมอนด์"],
}


def product_texts(index: int) -> dict[str, str]:
    """title_<lang> and description_<lang> of the index-th generated product."""
    adj, noun = index % len(ADJECTIVES["en"]), (index // len(ADJECTIVES["en"])) % len(NOUNS["en"])
    model = f"{chr(65 + index % 26)}-{index:05d}"
    texts = {}
    for lang in LANGS:
        title = TITLE[lang].format(adj=ADJECTIVES[lang][adj], noun=NOUNS[lang][noun], model=model)
        texts[f"title_{lang}"] = title
        texts[f"description_{lang}"] = DESCRIPTION[lang].format(title=title)
    return texts


def keywords(lang_index: int) -> list[str]:
    """Words a merchant reading LANGS[lang_index] would type into the distribution center search."""
    lang = LANGS[lang_index]
    return ADJECTIVES[lang] + NOUNS[lang]
