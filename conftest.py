"""The suite's first set-up, read before the plugins' own imports.

``rfc3987_syntax`` is hidden from the test processes: jsonschema (imported by nbformat, which
nbmake imports to run the notebooks) builds 38 IRI grammars with lark when it is installed (it
comes with jupyterlab's server), about 2.5 s in every pytest process, for a format check no test
uses. jsonschema then simply has no ``iri`` format checker. The notebooks' kernels are other
processes and are untouched.
"""

import sys

sys.modules.setdefault("rfc3987_syntax", None)

pytest_plugins = ["nbmake.pytest_plugin"]
