"""The live table service: ``python -m vision serve`` (see docs/service.md).

Layout by stage: ``settings`` (the one typed settings object) -> ``capture`` (OpenCV
sources) -> ``faults`` (pure frozen/black/garbage checks) -> ``camera`` (one runner
thread per table, reconnect with backoff, a fresh reader per connection) -> ``table``
(decisions: outbox first, then round log, evidence, live events, metrics) -> ``app``
(thin FastAPI routes; ``streams`` for SSE/WebSocket/MJPEG) -> ``cli`` (uvicorn).
"""

from vision.service.app import create_app
from vision.service.settings import ApiToken, ServiceSettings, TableConfig, load_settings

__all__ = ["ApiToken", "ServiceSettings", "TableConfig", "create_app", "load_settings"]
