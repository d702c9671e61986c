"""Hupai's HTTP face: a thin Flask layer over the pure ``engine`` package.

``service.app.create_app`` builds the WSGI app (gunicorn runs ``service.wsgi:app``). The
modules each have one concern: settings, schemas, mapping (the only place where request data
becomes engine objects and answers become JSON), routes (generated from the variant
registry), errors (RFC 9457 problems), metrics, auth, health, docs and the JSON body reader.
"""
