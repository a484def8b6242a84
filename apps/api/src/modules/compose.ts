/**
 * The composition root's chain (decision 020): each domain's builder receives everything built
 * before it and adds its own services, so the root lists one line per domain and the types of
 * what each builder needs are checked against what came before.
 */
export class Composer<Built extends object> {
  constructor(readonly built: Built) {}

  add<Added extends object>(build: (deps: Built) => Added): Composer<Built & Added> {
    return new Composer({ ...this.built, ...build(this.built) });
  }
}
