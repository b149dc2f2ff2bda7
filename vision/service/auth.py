"""Bearer tokens and roles for the mutating endpoints.

``operator``: supervisors who confirm abstained rounds; ``technician``: people who
look after cameras (reconnect). A token is one ``ApiToken`` of the settings; its
``name`` is what the audit trail records. No token or an unknown one: 401; a known
token of the wrong role: 403.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass

from fastapi import HTTPException, status
from fastapi.security import HTTPAuthorizationCredentials

from vision.service.settings import ApiToken

__all__ = ["Principal", "TokenBook"]


@dataclass(frozen=True, slots=True)
class Principal:
    name: str
    role: str


class TokenBook:
    def __init__(self, tokens: list[ApiToken]) -> None:
        self._tokens = [(t.token.get_secret_value().encode(), Principal(t.name, t.role))
                        for t in tokens]

    def identify(self, token: str) -> Principal | None:
        """The holder of ``token`` (constant-time compare against every known token)."""
        found = None
        for secret, principal in self._tokens:
            if hmac.compare_digest(secret, token.encode()):
                found = principal
        return found

    def require(self, credentials: HTTPAuthorizationCredentials | None,
                role: str) -> Principal:
        if credentials is None or credentials.scheme.lower() != "bearer":
            raise _unauthorized("a bearer token is required (Authorization: Bearer TOKEN)")
        principal = self.identify(credentials.credentials)
        if principal is None:
            raise _unauthorized("unknown bearer token")
        if principal.role != role:
            raise HTTPException(status.HTTP_403_FORBIDDEN,
                                f"this action needs the {role} role, the token is "
                                f"{principal.name!r} ({principal.role})")
        return principal


def _unauthorized(detail: str) -> HTTPException:
    return HTTPException(status.HTTP_401_UNAUTHORIZED, detail,
                         headers={"WWW-Authenticate": "Bearer"})
