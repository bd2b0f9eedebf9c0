/**
 * What the SMS providers' fakes share: a local server, the record of calls and messages, a refusal the
 * test sets for the next send, and a stall; and the order every call is handled in — recorded first (a
 * stalled or refused call was still received), then held when stalled, then its signature checked as the
 * provider does, and only then answered. Each fake says how its provider names the action, checks the
 * signature and answers.
 */
import type { IncomingMessage } from 'node:http';
import { type FakeAnswer, type FakeServer, header, startFakeServer } from './http.js';

export abstract class FakeSmsProvider<Message> {
  readonly messages: Message[] = [];
  /** Every call's action, refused or not. */
  readonly calls: string[] = [];
  /** While set, calls are received (and counted in `calls`) but never answered. */
  stall = false;
  /** Business code the next SendSms is refused with (taken by `takeRefusal`). */
  #refusal: string | undefined;
  #server: FakeServer | undefined;

  /** The header that names the API action (`x-acs-action`, `x-tc-action`). */
  protected abstract readonly actionHeader: string;
  /** The provider's signature check, on the request as received; undefined when it passes. */
  protected abstract checkSignature(req: IncomingMessage, body: string): FakeAnswer | undefined;
  /** The answer to a call whose signature passed. */
  protected abstract answer(action: string, req: IncomingMessage, body: string): FakeAnswer;

  /** Starts the fake's server; `start()` of each fake is `new Fake().listen()`. */
  protected async listen(): Promise<this> {
    this.#server = await startFakeServer((req, body) => this.#handle(req, body));
    return this;
  }

  get url(): string {
    if (!this.#server) throw new Error('fake not started');
    return this.#server.url;
  }

  close(): Promise<void> {
    return this.#server?.close() ?? Promise.resolve();
  }

  refuseNextSend(code: string): void {
    this.#refusal = code;
  }

  /** The refusal set for this send, if any; the next send goes through again. */
  protected takeRefusal(): string | undefined {
    const refusal = this.#refusal;
    this.#refusal = undefined;
    return refusal;
  }

  #handle(req: IncomingMessage, body: string): FakeAnswer {
    const action = header(req, this.actionHeader);
    this.calls.push(action);
    if (this.stall) return 'stall';
    return this.checkSignature(req, body) ?? this.answer(action, req, body);
  }
}
