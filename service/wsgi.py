"""The WSGI target, ``service.wsgi:app``: what gunicorn, the Dockerfile and Kubernetes start.

Built at import so that gunicorn's ``preload_app`` builds the engine tables once, in the
master, and the workers share them copy-on-write. The memory setting (service/memory.py) is
made first, so that the workers forked from the master inherit it.
"""

from service.app import create_app
from service.memory import return_freed_memory

return_freed_memory()
app = create_app()
