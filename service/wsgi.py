"""The WSGI target, ``service.wsgi:app``: what gunicorn, the Dockerfile and Kubernetes start.

Built at import so that gunicorn's ``preload_app`` builds the engine tables once, in the
master, and the workers share them copy-on-write.
"""

from service.app import create_app

app = create_app()
