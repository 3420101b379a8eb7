from django.contrib import admin
from django.utils.translation import gettext_lazy as _

admin.site.site_header = _("Marketplace operations")
admin.site.site_title = _("Marketplace operations")
admin.site.index_title = _("Operations console")
