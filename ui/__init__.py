"""The pygame interface: the app loop, scenes, widgets and board views.

``ui.session`` and ``ui.storage`` import no pygame (they are tested without a display);
everything else here draws with pygame.
"""
