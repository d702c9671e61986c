"""gunicorn reads this file when started from a checkout (``gunicorn service.wsgi:app``).

The configuration itself ships inside the package (``service/gunicorn_conf.py``) so that
``hupai serve`` finds it after a non-editable install; this file only re-exports it.
"""

from service.gunicorn_conf import *  # noqa: F403
