"""A local EVM chain node over HTTP JSON-RPC, for the production smoke (`make prod-smoke`).

The same EVM the tests use in-process (eth-tester on py-evm), served the way a real node serves it, so web and worker
processes reach it through `DepositNetwork.rpc_url` like any Ethereum node. A block is mined every `--block-seconds`,
as on a real chain, so a transfer gathers confirmations while the workers wait.

    python -m tests.prod.chain_node --port 8545
"""

import argparse
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from web3 import EthereumTesterProvider, Web3
from web3.datastructures import NamedElementOnion


def serve(port: int, block_seconds: float) -> None:
    provider = EthereumTesterProvider()
    # The provider's own middleware only (none of web3's client-side formatters): answers in the node's wire format.
    request = provider.request_func(Web3(provider), NamedElementOnion([]))
    lock = threading.Lock()  # eth-tester is not thread-safe

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            call = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            with lock:
                response = dict(request(call["method"], call.get("params", [])))
            body = Web3.to_json({**response, "id": call.get("id"), "jsonrpc": "2.0"}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    def mine() -> None:
        while True:
            time.sleep(block_seconds)
            with lock:
                provider.ethereum_tester.mine_blocks(1)

    threading.Thread(target=mine, daemon=True).start()
    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8545)
    parser.add_argument("--block-seconds", type=float, default=1.0)
    arguments = parser.parse_args()
    serve(arguments.port, arguments.block_seconds)
